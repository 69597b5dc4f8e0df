import { total } from "./util";

// TODO: read the port from the environment
const port = 8080;

export function start(items) {
  // TODO: validate items
  return total(items) + port;
}
