import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import { ResourceCreate, ResourceEdit, ResourceList } from './Resources';

export default { list: ResourceList, create: ResourceCreate, edit: ResourceEdit, icon: MeetingRoomIcon, recordRepresentation: 'name' };
