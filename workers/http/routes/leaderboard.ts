/** leaderboard routes (being written). */
import { newRouter } from "../router";

export const leaderboardRoutes = newRouter();
