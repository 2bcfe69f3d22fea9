import { ThreadsScreen } from '../components/threads-screen';

/** §2 `/ticket/list`: tickets with assignee and priority. */
export default function TicketListScreen() {
  return <ThreadsScreen kind="ticket" />;
}
