import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './button';

/** A card's Edit and Delete, named after what they act on for screen readers. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="mt-auto grid grid-cols-2 gap-2 border-t border-ink-800 pt-4">
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
        className="border border-red-500/25 text-red-300 hover:bg-red-500/10 hover:text-red-200"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </Button>
    </div>
  );
}
