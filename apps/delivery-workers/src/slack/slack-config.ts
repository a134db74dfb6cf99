/** Where the Slack Web API is (tests point it at a loopback server). */
export interface SlackConfig {
  /** Base URL of the Web API methods, without a trailing slash. */
  apiUrl: string;
}

/** The deployment's Slack app, whose "Add to Slack" codes POST /users/{id}/slack-oauth trades. */
export interface SlackApp {
  clientId: string;
  clientSecret: string;
}
