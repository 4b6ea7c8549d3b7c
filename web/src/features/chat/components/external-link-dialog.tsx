import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { useProductName } from '../../../config/product';

/** Asks before leaving the app; then opens the link without an opener. */
export function ExternalLinkDialog({ href, onClose }: { href: string | null; onClose: () => void }) {
  const productName = useProductName();
  return (
    <Dialog open={href !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Leaving the site"
        description={`You are about to leave ${productName}. Continue to the external site?`}
      >
        <p className="mb-4 rounded-md bg-surface-2 px-3 py-2 text-xs break-all text-muted-fg">{href}</p>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button
            onClick={() => {
              if (href) window.open(href, '_blank', 'noopener,noreferrer');
              onClose();
            }}
          >
            Continue
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
