import { Ban, VolumeX } from 'lucide-react';
import { toast } from 'sonner';
import { BLOCKS_TEXTS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { errorText } from '../../../lib/api-client';
import { useBlocks, useSetBlock, type BlockKind } from '../api/blocks';

const toastText = (kind: BlockKind, on: boolean, username: string) =>
  kind === 'block'
    ? (on ? BLOCKS_TEXTS.blocked : BLOCKS_TEXTS.unblocked)(username)
    : (on ? BLOCKS_TEXTS.muted : BLOCKS_TEXTS.unmuted)(username);

/** Block / Mute (or their undoing) on someone's public profile; shown only when the server allows it. */
export function BlockButtons({ username }: { username: string }) {
  const blocks = useBlocks();
  const change = useSetBlock();
  const lower = username.toLowerCase();
  const isOn = (list: Array<{ username: string }> | undefined) =>
    list?.some((u) => u.username.toLowerCase() === lower) ?? false;
  const blocked = isOn(blocks.data?.blocked);
  const muted = isOn(blocks.data?.muted);
  const toggle = (kind: BlockKind, on: boolean) =>
    change.mutate(
      { username, kind, on },
      {
        onSuccess: () => toast.success(toastText(kind, on, username)),
        onError: (err) => toast.error(errorText(err, BLOCKS_TEXTS.actionFailed)),
      },
    );
  const busy = change.isPending || blocks.isPending;
  return (
    <div className="flex gap-2">
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => toggle('mute', !muted)}>
        <VolumeX aria-hidden="true" className="size-4" />
        {muted ? BLOCKS_TEXTS.unmute : BLOCKS_TEXTS.mute}
      </Button>
      {blocked ? (
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => toggle('block', false)}>
          <Ban aria-hidden="true" className="size-4" />
          {BLOCKS_TEXTS.unblock}
        </Button>
      ) : (
        // Blocking hides both sides' messages and DMs: asked once more before it happens.
        <ConfirmButton
          variant="secondary"
          disabled={busy}
          title={`${BLOCKS_TEXTS.block} ${username}?`}
          description="They will no longer be able to message you directly or add you to a group."
          confirmLabel={BLOCKS_TEXTS.block}
          onConfirm={() => toggle('block', true)}
        >
          <Ban aria-hidden="true" className="size-4" />
          {BLOCKS_TEXTS.block}
        </ConfirmButton>
      )}
    </div>
  );
}
