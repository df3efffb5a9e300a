export { CompanyPickerModal } from './CompanyPickerModal';
export { companyKeys, findCompanyByAlias } from './company.queries';
export { SelectCompanyPage } from './SelectCompanyPage';
