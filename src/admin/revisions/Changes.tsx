/** The field changes of a revision (or of a restore about to happen), as a compact list. */
import { Box, Typography } from '@mui/material';
import type { FieldChange } from './diff.ts';

export function Changes({ changes }: { changes: FieldChange[] }) {
  if (!changes.length)
    return (
      <Typography variant="body2" color="text.secondary">
        No field changed.
      </Typography>
    );
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
      {changes.map((c) => (
        <Box key={c.field} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600, display: 'inline' }}>
            {c.label}:{' '}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ display: 'inline', m: 0, overflowWrap: 'anywhere' }}
          >
            {c.words ? (
              c.words.map((p, i) => (
                <Box
                  // biome-ignore lint/suspicious/noArrayIndexKey: parts of one diff, in order
                  key={i}
                  component={p.added ? 'ins' : p.removed ? 'del' : 'span'}
                  sx={{
                    whiteSpace: 'pre-wrap',
                    bgcolor: p.added ? 'success.light' : p.removed ? 'error.light' : undefined,
                    color: p.added || p.removed ? 'common.black' : undefined,
                  }}
                >
                  {p.text}
                </Box>
              ))
            ) : (
              <>
                <Box component="del" sx={{ color: 'text.secondary' }}>
                  {c.before}
                </Box>
                {' → '}
                <Box component="ins" sx={{ textDecoration: 'none', fontWeight: 500 }}>
                  {c.after}
                </Box>
              </>
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
