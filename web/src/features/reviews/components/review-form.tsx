import { type Fit, fitLabels, fitValues } from '@contract/garment-constants';
import { maxReviewLength } from '@contract/limits';
import { type FormEvent, type SyntheticEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { useAddReview } from '../api/add-review';
import { StarPicker } from './star-picker';

/**
 * 'Write a review': a 5-star pick, a text box, Submit disabled while the message is blank. The
 * box is uncontrolled and read on every input, change and blur: a script, an autofill or a test
 * that sets its value (bypassing React's onChange) still enables Submit, and the DOM's text is sent.
 */
export function ReviewForm({
  productId,
  onAdded,
  askFit = false,
}: {
  productId: string;
  onAdded?: () => void;
  /** A product sold in sizes: the buyer may say how theirs fitted (issue 28). */
  askFit?: boolean;
}) {
  const [rating, setRating] = useState(0);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [isBlank, setIsBlank] = useState(true);
  const followMessage = (event: SyntheticEvent<HTMLTextAreaElement>) =>
    setIsBlank(event.currentTarget.value.trim() === '');
  const [fit, setFit] = useState<Fit | undefined>(undefined);
  const fitName = useId();
  const mutation = useAddReview();
  const messageId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const box = messageRef.current;
    if (!box) return;
    mutation.mutate(
      { productId, reviewMessage: box.value, reviewValue: rating, ...(fit ? { fit } : {}) },
      {
        onSuccess: () => {
          setRating(0);
          box.value = '';
          setIsBlank(true);
          setFit(undefined);
          toast.success('Review added successfully!');
          onAdded?.();
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-2">
      <h3 className="font-bold">Write a review</h3>
      <StarPicker value={rating} onChange={setRating} />
      {askFit && (
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-medium">How did the size you bought fit?</legend>
          <div className="flex flex-wrap gap-2">
            {[...fitValues, undefined].map((value) => (
              <label
                key={value ?? 'none'}
                className="cursor-pointer rounded-full border px-3 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input
                  type="radio"
                  name={fitName}
                  value={value ?? ''}
                  checked={fit === value}
                  onChange={() => setFit(value)}
                  className="sr-only"
                />
                {value ? fitLabels[value] : 'Rather not say'}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <Label htmlFor={messageId} className="sr-only">
        Your review
      </Label>
      <Textarea
        id={messageId}
        ref={messageRef}
        maxLength={maxReviewLength}
        onInput={followMessage}
        onChange={followMessage}
        onBlur={followMessage}
        placeholder="Write a review..."
      />
      <Button type="submit" disabled={isBlank || mutation.isPending}>
        Submit
      </Button>
    </form>
  );
}
