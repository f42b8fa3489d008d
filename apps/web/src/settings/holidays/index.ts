import EventBusyIcon from '@mui/icons-material/EventBusy';
import { HolidayCreate, HolidayList } from './Holidays';

export default { list: HolidayList, create: HolidayCreate, icon: EventBusyIcon };
