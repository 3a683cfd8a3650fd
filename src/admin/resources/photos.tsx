/**
 * The photos of a used car, range model or variant, a variant's colour, a banner or a blog post: drop files (or choose them),
 * reorder, choose the main one, delete. A banner or blog post has one image: dropping a file replaces it.
 * Every change answers the owner's photos in order, which is what this panel redraws. A file the server
 * refuses is named with the server's own message. One panel over one set of endpoints
 * (/api/editor/{owner}/{id}/images, docs/decisions/153-content-images.md).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import UploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/Delete';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardMedia,
  Chip,
  IconButton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useRef, useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import type * as v from 'valibot';
import type { PhotoCollection } from '../../contract/media.ts';
import { PHOTO_LIMITS } from '../../domain/photos.ts';
import { api, json } from '../http.ts';

type Photos = v.InferOutput<typeof PhotoCollection>;

export interface PhotosPanelProps {
  /** The editor resource that owns the photos. */
  owner?: 'vehicles' | 'range_models' | 'range_variants' | 'banners' | 'blog_posts';
  /** A colour of the variant (owner range_variants), by its slug: that colour's photos (185). */
  colour?: string;
  /** One image (banners, blog posts): one file at a time, which replaces the current one. */
  single?: boolean;
  /** The shape pages crop the image to, for the previews. */
  aspect?: string;
  /** What the drawn image is replaced with, for the caption. */
  title?: string;
  help?: string;
  /** A smaller drop zone and heading, for several panels side by side (a variant's colours). */
  compact?: boolean;
}

export function PhotosPanel({
  owner = 'vehicles',
  colour,
  single = false,
  aspect = '4 / 3',
  title = single ? 'Image' : 'Photos',
  help,
  compact = false,
}: PhotosPanelProps) {
  const record = useRecordContext();
  const id = record?.id;
  const base = `/api/editor/${owner}/${id}${colour ? `/colours/${encodeURIComponent(colour)}` : ''}/images`;
  const key = ['photos', owner, id, colour];
  const client = useQueryClient();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { data: photos = [], isPending } = useQuery({
    queryKey: key,
    queryFn: async () => (await api<Photos>(base))['hydra:member'],
    enabled: id !== undefined,
  });
  const change = useMutation({
    mutationFn: (init: { path?: string; init: RequestInit }) =>
      api<Photos | undefined>(init.path ?? base, init.init),
    onSuccess: async (res) => {
      setError(null);
      if (res) client.setQueryData(key, res['hydra:member']);
      else await client.invalidateQueries({ queryKey: key });
    },
    onError: (err: Error) => {
      setError(err.message);
      notify(err.message, { type: 'error' });
    },
  });

  if (id === undefined) return null;
  const upload = (files: FileList | File[]) => {
    const list = [...files];
    if (!list.length) return;
    const form = new FormData();
    for (const f of list) form.append('file', f);
    change.mutate({ init: { method: 'POST', body: form } });
  };
  const move = (from: number, to: number) => {
    const order = photos.map((p) => p.id);
    const [moved] = order.splice(from, 1);
    if (!moved) return;
    order.splice(to, 0, moved);
    change.mutate({ path: `${base}/order`, init: json('PUT', { order }) });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    upload(e.dataTransfer.files);
  };

  return (
    <Box sx={{ width: '100%', my: 2 }} component="section" aria-label={title}>
      <Typography variant={compact ? 'subtitle1' : 'h6'} component={compact ? 'h3' : 'h2'} gutterBottom>
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {help}
        </Typography>
      )}
      <Box
        data-testid="photo-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: '2px dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'background.paper',
          borderRadius: 2,
          p: compact ? 1.5 : 3,
          textAlign: 'center',
          mb: 2,
        }}
      >
        <Typography sx={{ mb: 1 }}>
          {single
            ? photos.length
              ? 'Drop a new image here to replace it, or'
              : 'Drop an image here, or'
            : 'Drop photos here, or'}{' '}
          <Button
            size="small"
            variant="outlined"
            startIcon={<UploadIcon />}
            onClick={() => input.current?.click()}
            disabled={change.isPending}
          >
            {single ? 'choose a file' : 'choose files'}
          </Button>
        </Typography>
        <Typography variant="caption" color="text.secondary">
          JPEG, PNG, WebP or HEIC; at least {PHOTO_LIMITS.minWidth}×{PHOTO_LIMITS.minHeight} px, up to{' '}
          {PHOTO_LIMITS.maxBytes / 1024 / 1024} MB{single ? '' : ` each, ${PHOTO_LIMITS.maxFiles} at a time`}.
        </Typography>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          multiple={!single}
          hidden
          aria-label={single ? 'Image file' : 'Photo files'}
          onChange={(e) => {
            if (e.target.files) upload(e.target.files);
            e.target.value = '';
          }}
        />
        {change.isPending && <Typography role="status">Working…</Typography>}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {!isPending && !photos.length && (
        <Typography color="text.secondary">
          {single ? 'No image uploaded yet: the site shows the drawn image.' : 'No photos yet.'}
        </Typography>
      )}
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: `repeat(auto-fill, minmax(${compact ? 150 : 180}px, 1fr))`,
        }}
      >
        {photos.map((p, i) => (
          <Card component="li" key={p.id} data-photo={p.id} variant="outlined">
            <CardMedia
              component="img"
              image={p.uri}
              alt={single ? 'Uploaded image' : `Photo ${i + 1}`}
              sx={{ aspectRatio: aspect, objectFit: 'cover' }}
            />
            <AltText
              key={p.alt}
              id={`alt-${p.id}`}
              label={single ? 'Alt text' : `Alt text of photo ${i + 1}`}
              value={p.alt}
              disabled={change.isPending}
              onSave={(alt) => change.mutate({ path: `${base}/${p.id}`, init: json('PATCH', { alt }) })}
            />
            <CardActions sx={{ justifyContent: 'space-between' }}>
              {single ? (
                <Typography variant="caption" color="text.secondary">
                  {p.original.width} × {p.original.height} px
                </Typography>
              ) : p.is_main ? (
                <Chip size="small" color="primary" icon={<StarIcon />} label="Main" />
              ) : (
                <Tooltip title="Make this the main photo">
                  <IconButton
                    size="small"
                    aria-label={`Make photo ${i + 1} the main photo`}
                    onClick={() =>
                      change.mutate({ path: `${base}/${p.id}`, init: json('PATCH', { is_main: true }) })
                    }
                  >
                    <StarBorderIcon />
                  </IconButton>
                </Tooltip>
              )}
              <Box>
                {!single && (
                  <>
                    <IconButton
                      size="small"
                      aria-label={`Move photo ${i + 1} earlier`}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      <ArrowBackIcon />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`Move photo ${i + 1} later`}
                      disabled={i === photos.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      <ArrowForwardIcon />
                    </IconButton>
                  </>
                )}
                <IconButton
                  size="small"
                  color="error"
                  aria-label={single ? 'Delete the image' : `Delete photo ${i + 1}`}
                  onClick={() => change.mutate({ path: `${base}/${p.id}`, init: { method: 'DELETE' } })}
                >
                  <DeleteIcon />
                </IconButton>
              </Box>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

/**
 * A photo's alt text, saved when the field is left (or Enter) and changed: what a screen reader says of the
 * photo on the public pages. Empty: the page describes it from the car's or model's name.
 */
function AltText({
  id,
  label,
  value,
  disabled,
  onSave,
}: {
  /** Ties the label to the field (MUI's TextField labels its input only by id). */
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  onSave: (alt: string) => void;
}) {
  const [text, setText] = useState(value);
  const save = () => {
    if (text.trim() !== value) onSave(text.trim());
  };
  return (
    <TextField
      id={id}
      size="small"
      label={label}
      value={text}
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          save();
        }
      }}
      helperText="What the photo shows, for screen readers"
      slotProps={{ htmlInput: { maxLength: PHOTO_LIMITS.maxAltLength } }}
      sx={{ mx: 1, mt: 1 }}
    />
  );
}
