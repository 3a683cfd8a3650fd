/**
 * The small "Illustration" tag over a drawn stand-in image (Image.illustration in the API), so a buyer
 * never takes a drawing for a photo of the car. Placed inside a position: relative box (.illustration-label
 * in global.css).
 */
export function IllustrationLabel() {
  return <span className="illustration-label">Illustration</span>;
}
