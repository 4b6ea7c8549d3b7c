import type { ReactNode } from 'react';
import { Check, ChevronDown, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

interface MatchActionsProps {
  onAccept: () => void;
  onDecline: () => void;
  accepting: boolean;
  declining: boolean;
  /** The details disclosure: open or not, and the id of the panel it shows. */
  showDetails: boolean;
  detailsId: string;
  onToggleDetails: () => void;
  detailsLabel: string;
  /** The profile link that ends the row. */
  children?: ReactNode;
}

/** Accept, Decline and the Details disclosure of a recommendation, for a tutor and for a party alike. */
export function MatchActions(props: MatchActionsProps) {
  const busy = props.accepting || props.declining;
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={props.onAccept} loading={props.accepting} disabled={busy}>
        {props.accepting ? null : <Check aria-hidden="true" className="size-4" />}
        Accept
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={props.onDecline}
        loading={props.declining}
        disabled={busy}
      >
        {props.declining ? null : <X aria-hidden="true" className="size-4" />}
        Decline
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={props.showDetails}
        aria-controls={props.showDetails ? props.detailsId : undefined}
        onClick={props.onToggleDetails}
      >
        <ChevronDown
          aria-hidden="true"
          className={cn(
            'size-4 transition-transform motion-reduce:transition-none',
            props.showDetails && 'rotate-180',
          )}
        />
        {props.detailsLabel}
      </Button>
      {props.children}
    </div>
  );
}
