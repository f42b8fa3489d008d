import PendingActionsIcon from '@mui/icons-material/PendingActions';
import { RequestList } from './Requests';

export default { list: RequestList, icon: PendingActionsIcon };
