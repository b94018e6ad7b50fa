import { useSearchParams } from 'react-router';

type SetSearchParam = (value: string | null, options?: { replace?: boolean }) => void;

/**
 * One query parameter of the address (`?action=create`, `?tab=polls`): its value, and a setter that
 * keeps the other parameters; null removes it. `replace` changes the history entry instead of adding one.
 */
export function useSearchParam(name: string): [string | null, SetSearchParam] {
  const [params, setParams] = useSearchParams();
  const set: SetSearchParam = (value, options) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    }, options);
  return [params.get(name), set];
}
