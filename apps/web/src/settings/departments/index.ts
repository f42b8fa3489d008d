import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { DepartmentCreate, DepartmentEdit, DepartmentList } from './Departments';

export default { list: DepartmentList, create: DepartmentCreate, edit: DepartmentEdit, icon: AccountTreeIcon, recordRepresentation: 'name' };
