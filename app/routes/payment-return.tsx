import { UpcomingPage } from "~/components/page-heading";

export default function Page() {
  return <UpcomingPage title="" />;
}
