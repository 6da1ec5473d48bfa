import { lazy, Suspense } from 'react';
import './rich-text.css';

export interface RichTextEditorProps {
  /** HTML; the server keeps only its allow-list of tags and link schemes. */
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-label'?: string;
  dir?: 'rtl' | 'ltr';
}

// ProseMirror and Tiptap load with the first form that edits rich text, never with the shell.
const TiptapEditor = lazy(() => import('./TiptapEditor.tsx'));

/** A small rich-text editor (bold, italic, lists, links, images) as a form control: value/onChange. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<div className="rx-rich-text" aria-busy="true" style={{ minHeight: 280 }} />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
}
