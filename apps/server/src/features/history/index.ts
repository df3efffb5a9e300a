export { readHistory } from './history.repository';
