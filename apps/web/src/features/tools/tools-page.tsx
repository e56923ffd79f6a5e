import { PageHeading } from '../../components/layout/page-heading';
import { ToolCardGrid } from '../../components/workspace/tool-cards';

/** Tools (/tools and /view-all): the six tools, each card a link to its page. */
export function ToolsPage() {
  return (
    <>
      <PageHeading title="Tools">
        Everything you need to create content with your AI influencers. Each use is paid in credits.
      </PageHeading>
      <section aria-label="All tools">
        <ToolCardGrid headingLevel={2} />
      </section>
    </>
  );
}
