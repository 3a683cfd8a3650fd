/** Copies a text to the clipboard and says so (a link to pass on, recovery codes). */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button, type ButtonProps } from '@mui/material';
import { useState } from 'react';

export function CopyButton({
  text,
  label = 'Copy',
  ...props
}: { text: string; label?: string } & ButtonProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  };
  return (
    <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy} {...props}>
      {copied ? 'Copied' : label}
    </Button>
  );
}
