import { CircularProgress } from "@mui/material";
import type { RichTextInputProps } from "ra-input-rich-text";
import { lazy, Suspense } from "react";

const Editor = lazy(() => import("ra-input-rich-text").then((m) => ({ default: m.RichTextInput })));

/** The rich-text editor (tiptap), loaded only when a form with rich text opens. */
export const RichTextInput = (props: RichTextInputProps) => (
  <Suspense fallback={<CircularProgress size={24} />}>
    <Editor {...props} />
  </Suspense>
);
