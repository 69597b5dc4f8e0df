/** The tools this script can call; each resolves to the tool's structured result. */
declare const tools: {
  /**
   * Searches the web.
   *
   * Use `freshness` to restrict results by age.
   */
  web_search(args: WebSearchArgs): Promise<WebSearchResult>;
};

interface WebSearchArgs {
  /**
   * @minLength 1
   * @maxLength 400
   */
  query: string;
  /**
   * @default 10
   * @minimum 1
   * @maximum 20
   */
  count?: number;
  /** A period (past day, week, month, year) or a date range. */
  freshness?: "pd" | "pw" | "pm" | "py" | string;
  /** @default "moderate" */
  safesearch?: "off" | "moderate" | "strict";
  /** Only results from this site. */
  site?: string | null;
}

interface WebSearchResult {
  results: {
    title: string;
    /** @format uri */
    url: string;
    snippet?: string;
    age?: string | null;
  }[];
  more?: boolean;
}
