export { EhfVoucherSection } from './EhfVoucherSection';
