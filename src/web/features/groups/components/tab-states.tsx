// The groups tabs import their states from here; they are the app's shared ones.
export { RowsSkeleton, TabError, TabMessage } from '../../../components/ui/list-states';
