import RuleIcon from '@mui/icons-material/Rule';
import { RuleCreate, RuleEdit, RuleList } from './Rules';

export default { list: RuleList, create: RuleCreate, edit: RuleEdit, icon: RuleIcon };
