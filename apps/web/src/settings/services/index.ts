import RoomServiceIcon from '@mui/icons-material/RoomService';
import { ServiceCreate, ServiceEdit, ServiceList } from './Services';

export default { list: ServiceList, create: ServiceCreate, edit: ServiceEdit, icon: RoomServiceIcon, recordRepresentation: 'name' };
