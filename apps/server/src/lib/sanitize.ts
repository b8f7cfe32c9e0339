import sanitizeHtml from "sanitize-html";

/**
 * Rich text from the back office, cleaned when it is saved: formatting, links, images, tables and
 * YouTube embeds survive; scripts, event handlers, styles and javascript: URLs do not.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...["p", "br", "hr", "h2", "h3", "h4", "strong", "b", "em", "i", "u", "s", "blockquote", "span", "div"],
      ...["ul", "ol", "li", "a", "img", "figure", "figcaption", "iframe"],
      ...["table", "thead", "tbody", "tr", "th", "td"],
    ],
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "width", "height", "loading"],
      iframe: ["src", "width", "height", "title", "allowfullscreen"],
      td: ["colspan", "rowspan"],
      th: ["colspan", "rowspan"],
    },
    allowedSchemes: ["https", "http", "mailto", "tel"],
    allowedSchemesByTag: { img: ["https", "http"] },
    allowProtocolRelative: false,
    allowedIframeHostnames: ["www.youtube-nocookie.com", "www.youtube.com"],
    // An iframe whose source was not allowed is dropped, not left empty.
    exclusiveFilter: (frame) => frame.tag === "iframe" && !frame.attribs.src,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
      }),
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
    },
  });
}

/**
 * An optional rich text (the English versions of decision 109), sanitised; "" when nothing would
 * show (an emptied editor sends `<p></p>`), so "" keeps meaning "none: show the Chinese".
 */
export function sanitizeOptionalRichText(html: string): string {
  const clean = sanitizeRichText(html);
  const shows = /<(img|iframe|hr)\b/i.test(clean) || clean.replace(/<[^>]*>|&nbsp;|\s/g, "") !== "";
  return shows ? clean : "";
}
