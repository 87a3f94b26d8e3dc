import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import {
  AlignmentButtons, ClearButtons, ColorButtons, FormatButtons, ImageButtons, LinkButtons, ListButtons, QuoteButtons,
  RichTextInput, RichTextInputToolbar, type RichTextInputProps,
} from 'ra-input-rich-text';

// react-admin's rich text input made readable (issue 31): its heading-level picker is a list item in no list
// (<nav><li>), so the toolbar is the default one without it (a message needs no heading levels); and the editor's
// frame names itself with aria-labelledby, which a plain div may not carry, so it becomes a group named by the label.

const TOOLBAR = (
  <RichTextInputToolbar>
    <FormatButtons />
    <ColorButtons />
    <AlignmentButtons />
    <ListButtons />
    <LinkButtons />
    <ImageButtons />
    <QuoteButtons />
    <ClearButtons />
  </RichTextInputToolbar>
);

export function MessageInput(props: RichTextInputProps) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    root.current?.querySelector('.RaRichTextInput-editorContent[aria-labelledby]')?.setAttribute('role', 'group');
  });
  return (
    // Room for a few paragraphs: an empty editor is one line tall, easy to miss under the fields.
    <Box ref={root} sx={{ '& .ProseMirror': { minHeight: 160 } }}>
      <RichTextInput toolbar={TOOLBAR} {...props} />
    </Box>
  );
}
