/**
 * Swiper with only the modules the carousel uses, imported dynamically by the carousel's custom element
 * (src/components/Carousel.astro) once the browser is idle. One module with static imports keeps the
 * bundle tree-shaken: a dynamic import of `swiper/modules` would bring every module.
 */
export { default as Swiper } from 'swiper';
export { A11y, Autoplay, Keyboard, Pagination } from 'swiper/modules';
