import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import { FormFieldCreate, FormFieldEdit, FormFieldList } from './Forms';

export default { list: FormFieldList, create: FormFieldCreate, edit: FormFieldEdit, icon: DynamicFormIcon };
