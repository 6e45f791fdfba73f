/** webhooks routes (being written). */
import { newRouter } from "../router";

export const webhooksRoutes = newRouter();
