import TableRowsIcon from '@mui/icons-material/TableRows';
import { BookingTable } from './BookingTable';

export default { list: BookingTable, icon: TableRowsIcon };
