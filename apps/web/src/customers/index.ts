import PeopleIcon from '@mui/icons-material/People';
import { CustomerShow } from './CustomerShow';
import { CustomerCreate, CustomerEdit, CustomerList } from './Customers';

export default { list: CustomerList, create: CustomerCreate, edit: CustomerEdit, show: CustomerShow, icon: PeopleIcon, recordRepresentation: 'full_name' };
