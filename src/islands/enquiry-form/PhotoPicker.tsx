/**
 * Up to 8 photos of a car for a valuation: each is shrunk in the browser and uploaded as
 * soon as it is chosen, so sending the form only names the stored ids. A refused photo says why (the
 * server's words) and can be removed; the form waits for uploads still running. Before (or without)
 * scripts the file input is the browser's own, named `photo_files`: the photos go with the form's
 * multipart post, and the server checks and stores them the same way (decision 266).
 */
import { useState } from 'react';
import { LEAD_PHOTO_ACCEPT, LEAD_PHOTO_LIMITS } from '../../domain/lead-photos.ts';
import { fieldId } from '../form-kit/Field.tsx';
import { resizePhoto } from './resize-photo.ts';

export interface PickedPhoto {
  key: string;
  name: string;
  preview: string;
  state: 'uploading' | 'done' | 'failed';
  id?: string;
  problem?: string;
}

interface Props {
  form: string;
  /** Until the island runs, the browser's own file input sends the photos with the form. */
  hydrated: boolean;
  photos: PickedPhoto[];
  onChange: (update: (photos: PickedPhoto[]) => PickedPhoto[]) => void;
  error?: string | undefined;
}

async function upload(blob: Blob): Promise<{ id: string } | { problem: string }> {
  try {
    const res = await fetch('/api/lead_photos', {
      method: 'POST',
      headers: { 'Content-Type': blob.type || 'application/octet-stream' },
      body: blob,
    });
    const body = (await res.json().catch(() => ({}))) as { id?: string; detail?: string };
    if (res.status === 201 && body.id) return { id: body.id };
    return { problem: body.detail ?? 'This photo could not be uploaded.' };
  } catch {
    return { problem: 'We could not reach our server. Remove the photo and add it again.' };
  }
}

let seq = 0;

export function PhotoPicker({ form, hydrated, photos, onChange, error }: Props) {
  const [note, setNote] = useState('');
  const id = fieldId(form, 'photos');
  const room = LEAD_PHOTO_LIMITS.maxPhotos - photos.length;

  async function add(files: File[]) {
    const taken = files.slice(0, Math.max(0, room));
    setNote(
      files.length > taken.length
        ? `Only ${LEAD_PHOTO_LIMITS.maxPhotos} photos fit; ${files.length - taken.length} were left out.`
        : '',
    );
    await Promise.all(
      taken.map(async (file) => {
        const key = `p${++seq}`;
        onChange((list) => [...list, { key, name: file.name, preview: '', state: 'uploading' }]);
        const { blob, preview } = await resizePhoto(file);
        onChange((list) => list.map((p) => (p.key === key ? { ...p, preview } : p)));
        const result = await upload(blob);
        onChange((list) =>
          list.map((p) =>
            p.key !== key
              ? p
              : 'id' in result
                ? { ...p, state: 'done', id: result.id }
                : { ...p, state: 'failed', problem: result.problem },
          ),
        );
      }),
    );
  }

  return (
    <fieldset className={`field photo-picker${error ? ' field--error' : ''}`}>
      <legend>
        Photos <span className="field-optional">(optional, up to {LEAD_PHOTO_LIMITS.maxPhotos})</span>
      </legend>
      <p id={`${id}-hint`} className="field-hint">
        Front, back, both sides, the interior and the odometer help us give a firm offer.
      </p>
      <noscript>
        <p className="field-hint">
          JavaScript is off in this browser, so your photos are not made smaller before they are sent: they go
          with the form when you press Send (at most {LEAD_PHOTO_LIMITS.maxPhotos}, each up to{' '}
          {LEAD_PHOTO_LIMITS.maxBytes / (1024 * 1024)} MB), which can take a few minutes on a slow connection.
          You may also send the form without photos and answer our e-mail with them.
        </p>
      </noscript>
      {photos.length > 0 && (
        <ul className="photo-list">
          {photos.map((p) => (
            <li key={p.key} className={`photo-item photo-item--${p.state}`}>
              {p.preview ? (
                <img src={p.preview} alt="" width={96} height={72} />
              ) : (
                <span className="photo-thumb" aria-hidden="true" />
              )}
              <span className="photo-status">
                {p.state === 'uploading' ? 'Uploading…' : p.state === 'done' ? 'Added' : p.problem}
              </span>
              <button
                type="button"
                className="link-button"
                onClick={() => onChange((list) => list.filter((x) => x.key !== p.key))}
              >
                Remove<span className="visually-hidden"> {p.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        name="photo_files"
        className={hydrated ? 'visually-hidden' : 'photo-native'}
        // Named by the "Add photos" button (a label) once scripts run; by itself before.
        aria-label={hydrated ? undefined : 'Photos of your car'}
        type="file"
        accept={LEAD_PHOTO_ACCEPT}
        multiple
        disabled={room <= 0}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) void add(files);
        }}
      />
      {hydrated && room > 0 && (
        <label className="btn btn--ghost photo-add" htmlFor={id}>
          {photos.length ? 'Add more photos' : 'Add photos'}
        </label>
      )}
      <p className="visually-hidden" role="status">
        {note || `${photos.filter((p) => p.state === 'done').length} of ${photos.length} photos added`}
      </p>
      {note && <p className="field-hint">{note}</p>}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
