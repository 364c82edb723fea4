export { PlaceholderPage as Component } from '../../ui/placeholder-page';
