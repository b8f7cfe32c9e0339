/** Escapes LIKE wildcards so a visitor's keyword matches literally. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
