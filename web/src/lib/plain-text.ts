/**
 * A message's text as one plain line for previews (notifications, search hits, DM rows,
 * moderation context): the markdown's marks are dropped, links and images keep their words, code
 * its text, and paragraphs, items and lines are joined by single spaces.
 *
 * A few rules rather than the markdown parser: previews are on the first screens (the chat, the
 * navbar's notifications), and the parser would add its weight to each of them; a preview only
 * needs the marks gone, not the structure.
 */
export function plainTextPreview(source: string): string {
  return (
    source
      // Fences keep their code, without the fence lines.
      .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*$/gm, '')
      // Line starts: headings, quotes, list markers, horizontal rules.
      .replace(/^ {0,3}#{1,6}\s+/gm, '')
      .replace(/^ {0,3}>\s?/gm, '')
      .replace(/^ {0,3}(?:[-*+]|\d{1,9}[.)])\s+/gm, '')
      .replace(/^ {0,3}(?:[-*_]\s*){3,}$/gm, '')
      // Images and links keep their words; autolinks their address.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<((?:https?|mailto|ftp):[^>\s]+)>/g, '$1')
      // Inline code keeps its text; emphasis and strikethrough lose their marks.
      .replace(/(`+)([^`]*?)\1/g, '$2')
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(\*|_)(?=\S)([\s\S]*?\S)\1(?![\w*])/g, '$2')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
      // Backslash escapes stand for their character.
      .replace(/\\([\\`*_{}[\]()#+\-.!~>|])/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
