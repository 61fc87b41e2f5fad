import { Outlet } from "react-router";

/** No chrome at all: the page brings its own (the creator sets its layout in its loader). */
export default function BlankLayout() {
  return <Outlet />;
}
