import { useState, type ComponentProps, type ReactNode } from 'react';
import { cacheBustedUrl } from '../lib/image-retry';

export interface RetryingImageProps extends Omit<ComponentProps<'img'>, 'src' | 'onError'> {
  src: string;
  /** Shown instead of the image when the retry fails too (nothing by default). */
  fallback?: ReactNode;
  /** Called once the image finally failed (after its retry). */
  onFinalError?: () => void;
}

/**
 * An <img> that, when loading fails, is retried once with a cache-busting parameter
 * (spec 2 section 4); if that fails as well, `fallback` is rendered. A new `src` starts over.
 */
export function RetryingImage(props: RetryingImageProps) {
  return <RetryingImageAttempt key={props.src} {...props} />;
}

function RetryingImageAttempt({ src, fallback = null, onFinalError, alt = '', ...props }: RetryingImageProps) {
  const [attempt, setAttempt] = useState<{ url: string; retried: boolean; failed: boolean }>({ url: src, retried: false, failed: false });
  if (attempt.failed) return <>{fallback}</>;
  return (
    <img
      {...props}
      alt={alt}
      src={attempt.url}
      onError={() => {
        if (!attempt.retried) {
          setAttempt({ url: cacheBustedUrl(src), retried: true, failed: false });
        } else {
          setAttempt({ ...attempt, failed: true });
          onFinalError?.();
        }
      }}
    />
  );
}
