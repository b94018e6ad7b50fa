import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';

/** Any path without a screen (yet). */
export function Component() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center pt-10 text-center sm:pt-20">
      <DeadEndSign />
      <h1 className="mt-6 text-3xl font-black tracking-tight text-asphalt-950">404 Page Not Found</h1>
      <p className="mt-2 text-asphalt-600">This road doesn't go anywhere. Let's get you back on route.</p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-6')}>
        Back to Dashboard
      </Link>
    </section>
  );
}

/** A dead-end road sign. */
function DeadEndSign() {
  return (
    <svg viewBox="0 0 96 96" aria-hidden="true" className="size-24">
      <rect x="45" y="60" width="6" height="34" rx="2" fill="#5d636e" />
      <path d="M48 4 L82 38 L48 72 L14 38 Z" fill="#f98612" stroke="#17191e" strokeWidth="3" strokeLinejoin="round" />
      <path d="M48 54V31M37 27h22" stroke="#17191e" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
