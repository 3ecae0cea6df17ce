import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useTranslation } from "#app/components/hooks/use-translation";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Button, Input, Label, TextField, ToggleButton, Toolbar } from "react-aria-components";
import { Icon } from "#app/components/ui/icons";
import { Tooltipped } from "#app/components/ui/tooltip";

/*
 * Text mode of the custom-HTML element: Tiptap (ProseMirror) with the formatting the reader shows
 * (ADR 0032). Loaded on demand, so the editor's first page does not carry it. The HTML it writes
 * is cut to the same tags again on the server (app/utils/rich-text.server.ts).
 */

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    link: { openOnClick: false, autolink: true, protocols: ["mailto", "tel"], defaultProtocol: "https" },
  }),
];

const contentClass =
  "min-h-32 rounded-b-lg border border-t-0 border-slate-300 bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/40 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6";

const toolClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded px-2 text-sm font-semibold text-slate-800 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[hovered]:bg-slate-100 data-[selected]:bg-brand-100 data-[selected]:text-brand-800 data-[disabled]:opacity-40";

type Mark = "bold" | "italic" | "underline" | "strike";
type Block = "heading2" | "heading3" | "bulletList" | "orderedList" | "blockquote";

const MARKS: { name: Mark; label: string; className: string; run: (editor: Editor) => void }[] = [
  { name: "bold", label: "B", className: "font-bold", run: (editor) => editor.chain().focus().toggleBold().run() },
  { name: "italic", label: "I", className: "italic", run: (editor) => editor.chain().focus().toggleItalic().run() },
  { name: "underline", label: "U", className: "underline", run: (editor) => editor.chain().focus().toggleUnderline().run() },
  { name: "strike", label: "S", className: "line-through", run: (editor) => editor.chain().focus().toggleStrike().run() },
];

const BLOCKS: { name: Block; label: ReactNode; active: (editor: Editor) => boolean; run: (editor: Editor) => void }[] = [
  {
    name: "heading2",
    label: (
      <Icon>
        <path d="M4 6v12M12 6v12M4 12h8M16 11a2 2 0 1 1 4 .5c-.5 1.5-4 3-4 5.5h4" />
      </Icon>
    ),
    active: (editor) => editor.isActive("heading", { level: 2 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    name: "heading3",
    label: (
      <Icon>
        <path d="M4 6v12M12 6v12M4 12h8M16 9h4l-2.5 3a2.5 2.5 0 1 1-1.5 4.5" />
      </Icon>
    ),
    active: (editor) => editor.isActive("heading", { level: 3 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    name: "bulletList",
    label: (
      <Icon>
        <path d="M10 6h11M10 12h11M10 18h11" />
        <circle cx="5" cy="6" r="1" fill="currentColor" />
        <circle cx="5" cy="12" r="1" fill="currentColor" />
        <circle cx="5" cy="18" r="1" fill="currentColor" />
      </Icon>
    ),
    active: (editor) => editor.isActive("bulletList"),
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    name: "orderedList",
    label: (
      <Icon>
        <path d="M10 6h11M10 12h11M10 18h11M4 4h1.5v5M4 14.5a1.5 1.5 0 1 1 2.5 1L4 19h3" />
      </Icon>
    ),
    active: (editor) => editor.isActive("orderedList"),
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  {
    name: "blockquote",
    label: "❝",
    active: (editor) => editor.isActive("blockquote"),
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
  },
];

export default function RichTextEditor(props: { label: string; value: string; onChange: (html: string) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { onChange } = props;
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: props.value,
    immediatelyRender: false,
    editorProps: {
      attributes: { role: "textbox", "aria-multiline": "true", "aria-labelledby": labelId, class: contentClass },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });
  // A value from outside (the stored version after a conflict, a cleared mode switch) replaces the text.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (current !== props.value) editor.commands.setContent(props.value, { emitUpdate: false });
  }, [editor, props.value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            marks: Object.fromEntries(MARKS.map((mark) => [mark.name, current.isActive(mark.name)])) as Record<Mark, boolean>,
            blocks: Object.fromEntries(BLOCKS.map((block) => [block.name, block.active(current)])) as Record<Block, boolean>,
            link: current.isActive("link"),
            href: (current.getAttributes("link").href as string | undefined) ?? "",
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });
  const [linkOpen, setLinkOpen] = useState(false);
  return (
    <div className="flex flex-col gap-1" data-testid="rich-text-editor">
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {props.label}
      </span>
      <Toolbar
        aria-label={t("media.richText.toolbar")}
        className="flex flex-wrap items-center gap-0.5 rounded-t-lg border border-slate-300 bg-slate-50 p-1"
      >
        {MARKS.map((mark) => (
          <Tooltipped key={mark.name} label={t(`media.richText.${mark.name}`)}>
            <ToggleButton
              aria-label={t(`media.richText.${mark.name}`)}
              isSelected={state?.marks[mark.name] ?? false}
              isDisabled={!editor}
              onChange={() => editor && mark.run(editor)}
              className={`${toolClass} ${mark.className}`}
            >
              {mark.label}
            </ToggleButton>
          </Tooltipped>
        ))}
        {BLOCKS.map((block) => (
          <Tooltipped key={block.name} label={t(`media.richText.${block.name}`)}>
            <ToggleButton
              aria-label={t(`media.richText.${block.name}`)}
              isSelected={state?.blocks[block.name] ?? false}
              isDisabled={!editor}
              onChange={() => editor && block.run(editor)}
              className={toolClass}
            >
              {typeof block.label === "string" ? <span aria-hidden="true">{block.label}</span> : block.label}
            </ToggleButton>
          </Tooltipped>
        ))}
        <Tooltipped label={t("media.richText.link")}>
          <ToggleButton
            aria-label={t("media.richText.link")}
            isSelected={linkOpen || (state?.link ?? false)}
            isDisabled={!editor}
            onChange={() => setLinkOpen((open) => !open)}
            className={toolClass}
          >
            <Icon>
              <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
              <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
            </Icon>
          </ToggleButton>
        </Tooltipped>
        <Tooltipped label={t("media.richText.undo")}>
          <Button
            aria-label={t("media.richText.undo")}
            isDisabled={!state?.canUndo}
            onPress={() => editor?.chain().focus().undo().run()}
            className={toolClass}
          >
            <span aria-hidden="true">↶</span>
          </Button>
        </Tooltipped>
        <Tooltipped label={t("media.richText.redo")}>
          <Button
            aria-label={t("media.richText.redo")}
            isDisabled={!state?.canRedo}
            onPress={() => editor?.chain().focus().redo().run()}
            className={toolClass}
          >
            <span aria-hidden="true">↷</span>
          </Button>
        </Tooltipped>
      </Toolbar>
      {linkOpen && editor ? (
        <LinkForm
          href={state?.href ?? ""}
          onApply={(href) => {
            applyLink(editor, href);
            setLinkOpen(false);
          }}
          onCancel={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}

/** Links the selection (or the link at the cursor); with nothing selected the address itself is inserted as a link. */
function applyLink(editor: Editor, href: string) {
  const chain = editor.chain().focus();
  if (!href) chain.extendMarkRange("link").unsetLink().run();
  else if (editor.state.selection.empty && !editor.isActive("link"))
    chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
  else chain.extendMarkRange("link").setLink({ href }).run();
}

function LinkForm(props: { href: string; onApply: (href: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [href, setHref] = useState(props.href);
  return (
    <div className="flex flex-wrap items-end gap-2 border border-t-0 border-slate-300 bg-slate-50 p-2">
      <TextField value={href} onChange={setHref} className="flex min-w-48 flex-1 flex-col gap-1" autoFocus>
        <Label className="text-sm font-medium text-slate-800">{t("media.richText.linkAddress")}</Label>
        <Input
          type="url"
          inputMode="url"
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base outline-none focus:border-brand-600"
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              props.onApply(href.trim());
            }
            if (event.key === "Escape") props.onCancel();
          }}
        />
      </TextField>
      <Button onPress={() => props.onApply(href.trim())} className={`${toolClass} border border-slate-300 bg-white px-3`}>
        {href.trim() ? t("media.richText.applyLink") : t("media.richText.removeLink")}
      </Button>
      <Button onPress={props.onCancel} className={`${toolClass} px-3`}>
        {t("media.creator.cancel")}
      </Button>
    </div>
  );
}
