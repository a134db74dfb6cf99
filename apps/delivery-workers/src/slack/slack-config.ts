/** Where the Slack Web API is (tests point it at a loopback server). */
export interface SlackConfig {
  /** Base URL of the Web API methods, without a trailing slash. */
  apiUrl: string;
}
