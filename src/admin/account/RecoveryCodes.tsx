/** Recovery codes, shown once: each signs in once instead of a code; copy or download them now. */
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Stack } from '@mui/material';
import { CopyButton } from './CopyButton.tsx';

export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const text = `Recovery codes for ${email} (dealer group admin). Each works once, instead of a code from the app.\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'admin-recovery-codes.txt' });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Save these recovery codes somewhere safe (a password manager, or printed). If you lose your phone,
        each one signs you in once instead of a code. They are not shown again.
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          listStyle: 'none',
          p: 2,
          m: 0,
          mb: 2,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(8.5rem, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          bgcolor: 'grey.100',
          borderRadius: 1,
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
          Download
        </Button>
      </Stack>
    </Box>
  );
}
