import { useLingui } from "@lingui/react/macro";
import type { HomeVideo } from "@shop/contract/catalogue";
import { useState } from "react";
import { useContentLang } from "../../i18n/runtime";

/** YouTube IDs or embed URLs become a privacy-enhanced embed URL that autoplays once clicked. */
function embedUrl(src: string): string {
  const id = /(?:embed\/|v=|youtu\.be\/)([\w-]{6,})/.exec(src)?.[1] ?? src;
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;
}

/**
 * The home video costs nothing until played: a poster and a play button; the YouTube iframe or
 * the video file is created only on click.
 */
export function VideoPlayer({ video }: { video: HomeVideo }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const [playing, setPlaying] = useState(false);
  const title = video.title;
  return (
    <div className="relative aspect-video overflow-hidden rounded-2xl bg-stone-900">
      {playing ? (
        video.type === "youtube" ? (
          <iframe
            src={embedUrl(video.src)}
            title={video.title}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
            className="h-full w-full"
          />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: brand films carry no dialogue; captions come with the file when they do
          <video src={video.src} poster={video.poster || undefined} controls autoPlay className="h-full w-full" />
        )
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group absolute inset-0 flex items-center justify-center"
          aria-label={t`播放影片：${title}`}
        >
          {video.poster && (
            <img src={video.poster} alt="" loading="lazy" className="absolute inset-0 h-full w-full object-cover opacity-80" />
          )}
          <span className="relative flex h-16 w-16 items-center justify-center rounded-full bg-white/90 shadow-lg transition group-hover:scale-105">
            <svg aria-hidden viewBox="0 0 24 24" className="ml-1 h-7 w-7 fill-tea-800">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
          <span className="absolute bottom-3 left-4 text-sm font-medium text-white" lang={contentLang}>
            {video.title}
          </span>
        </button>
      )}
    </div>
  );
}
