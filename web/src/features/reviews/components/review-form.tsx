import { maxReviewLength } from '@contract/limits';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { useAddReview } from '../api/add-review';
import { StarPicker } from './star-picker';

/** 'Write a review': a 5-star pick, a text box, Submit disabled while the message is blank. */
export function ReviewForm({ productId, onAdded }: { productId: string; onAdded?: () => void }) {
  const [rating, setRating] = useState(0);
  const [message, setMessage] = useState('');
  const mutation = useAddReview();
  const messageId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { productId, reviewMessage: message, reviewValue: rating },
      {
        onSuccess: () => {
          setRating(0);
          setMessage('');
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
      <Label htmlFor={messageId} className="sr-only">
        Your review
      </Label>
      <Textarea
        id={messageId}
        value={message}
        maxLength={maxReviewLength}
        onChange={(e) => setMessage(e.target.value)}
        placeholder="Write a review..."
      />
      <Button type="submit" disabled={message.trim() === '' || mutation.isPending}>
        Submit
      </Button>
    </form>
  );
}
