import { useMemo } from 'react';
import changelog from '../../../../../CHANGELOG.md?raw';
import { PageHeader } from '../../../components/ui/page-header';
import { renderMarkdown } from '../../../lib/markdown';

/** Patch notes: the repository's CHANGELOG.md, rendered safely (raw HTML off, then sanitized). */
export function PatchNotesPage() {
  const html = useMemo(() => renderMarkdown(changelog.replace(/^# .*\n/, '')), []);
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title="Patch notes" description="What changed, release by release." />
      <div
        className="prose-studium rounded-xl border border-border bg-surface p-6"
        // Safe: markdown-it runs with html disabled and DOMPurify sanitizes its output.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
