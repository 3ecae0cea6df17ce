import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Button as AriaButton, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Button } from "#app/components/ui/button";
import { CloseIcon } from "#app/components/ui/icons";
import { NEWS_AUTOPLAY_MS, NEWS_PROMPT_DELAY_MS, NEWS_SLIDE_HEIGHT_PX, type NewsItem } from "#app/rules/news";
import { Tooltipped } from "#app/components/ui/tooltip";

/*
 * The customers' news (studio-admin.md §2 'news feed and single news' 860 px, transparent; §9
 * autoplay 15 s, slides 560 px high, the prompt after 2 s; issue 14): a carousel of the current
 * news and a single news view, both opened from the header's news entries, and a prompt for news
 * this browser has not shown its user yet. Autoplay stops while the pointer or focus is in the
 * carousel and with its pause button (WCAG 2.2.2).
 */

export type NewsView = { kind: "feed" } | { kind: "single"; id: string } | null;

const seenKey = (userId: string) => `ep:news-seen:${userId}`;
function readSeen(userId: string): string[] {
  try {
    return JSON.parse(window.localStorage.getItem(seenKey(userId)) ?? "[]") as string[];
  } catch {
    return [];
  }
}
function rememberSeen(userId: string, ids: string[]) {
  try {
    window.localStorage.setItem(seenKey(userId), JSON.stringify(ids));
  } catch {
    // Storage blocked: the prompt shows again next time, which is harmless.
  }
}

/** Whether to show the unread prompt: 2 s after the page shows, when a current news is new to this browser. */
export function useNewsPrompt(userId: string, news: NewsItem[]) {
  const [prompt, setPrompt] = useState(false);
  const ids = news.map((item) => item.id).join(",");
  useEffect(() => {
    if (!ids) return;
    const unread = ids.split(",").some((id) => !readSeen(userId).includes(id));
    if (!unread) return;
    const timer = setTimeout(() => setPrompt(true), NEWS_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, ids]);
  const markSeen = () => {
    rememberSeen(userId, [...new Set([...readSeen(userId), ...news.map((item) => item.id)])]);
    setPrompt(false);
  };
  return { prompt, markSeen };
}

export function NewsPrompt({ onOpen, onDismiss }: { onOpen: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="fixed start-4 bottom-4 z-30 flex max-w-sm items-center gap-3 rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200"
    >
      <p className="flex-1 text-sm">{t("news.feed.prompt")}</p>
      <Button onPress={onOpen}>{t("news.feed.read")}</Button>
      <Tooltipped label={t("news.feed.dismiss")}>
        <AriaButton
          aria-label={t("news.feed.dismiss")}
          onPress={onDismiss}
          className="flex min-h-9 min-w-9 items-center justify-center rounded text-slate-600 data-[hovered]:bg-slate-100"
        >
          <CloseIcon />
        </AriaButton>
      </Tooltipped>
    </div>
  );
}

function NewsFrame(props: { title: string; onClose: () => void; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => !open && props.onClose()}
      isDismissable={false}
      className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/60 p-4"
    >
      <Modal className="w-full outline-none" style={{ maxWidth: 860 }}>
        <Dialog aria-label={props.title} className="outline-none">
          <div className="mb-2 flex justify-end">
            <Tooltipped label={t("news.feed.close")}>
              <AriaButton
                aria-label={t("news.feed.close")}
                onPress={props.onClose}
                className="flex min-h-10 min-w-10 items-center justify-center rounded-full bg-white/90 text-slate-800 data-[hovered]:bg-white"
              >
                <CloseIcon />
              </AriaButton>
            </Tooltipped>
          </div>
          {props.children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function Slide({ item }: { item: NewsItem }) {
  return (
    <article className="overflow-y-auto rounded-2xl bg-white p-6 shadow-xl" style={{ height: NEWS_SLIDE_HEIGHT_PX, maxHeight: "75vh" }}>
      <Heading level={2} className="mb-3 text-xl font-bold">
        {item.headline}
      </Heading>
      {/* No alternative text of its own in the data (§3): the headline says what the news is about. */}
      {item.imageUrl ? <img src={item.imageUrl} alt="" className="mb-4 max-h-60 w-full rounded-lg object-contain" /> : null}
      <div
        className="space-y-2 [&_a]:text-brand-700 [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised to the rich-text allow-list on the server
        dangerouslySetInnerHTML={{ __html: item.html }}
      />
    </article>
  );
}

export function NewsFeedDialog({ news, view, onClose }: { news: NewsItem[]; view: NewsView; onClose: () => void }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState(false);
  const count = news.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a slide chosen by hand gets its full 15 s too (index restarts the timer)
  useEffect(() => {
    if (view?.kind !== "feed" || !playing || held || count < 2) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), NEWS_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [view, playing, held, count, index]);
  if (!view || count === 0) return null;
  if (view.kind === "single") {
    const item = news.find((entry) => entry.id === view.id);
    return item ? (
      <NewsFrame title={item.headline} onClose={onClose}>
        <Slide item={item} />
      </NewsFrame>
    ) : null;
  }
  const current = news[Math.min(index, count - 1)] as NewsItem;
  return (
    <NewsFrame title={t("news.feed.title")} onClose={onClose}>
      <section
        aria-roledescription={t("news.feed.carousel")}
        aria-label={t("news.feed.title")}
        onPointerEnter={() => setHeld(true)}
        onPointerLeave={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={() => setHeld(false)}
      >
        <div aria-live={playing ? "off" : "polite"}>
          <Slide item={current} />
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-center gap-2 rounded-xl bg-white/90 p-2">
          <Button variant="secondary" onPress={() => setIndex((index - 1 + count) % count)} isDisabled={count < 2}>
            {t("news.feed.previous")}
          </Button>
          <span className="min-w-16 text-center text-sm font-semibold">
            {t("news.feed.position", { current: index + 1, total: count })}
          </span>
          <Button variant="secondary" onPress={() => setIndex((index + 1) % count)} isDisabled={count < 2}>
            {t("news.feed.next")}
          </Button>
          <Button variant="secondary" onPress={() => setPlaying(!playing)} isDisabled={count < 2}>
            {playing ? t("news.feed.pause") : t("news.feed.play")}
          </Button>
        </div>
      </section>
    </NewsFrame>
  );
}
