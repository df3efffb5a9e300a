export { readHistory } from './history';
