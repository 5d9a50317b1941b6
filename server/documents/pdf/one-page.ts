/**
 * A document that fits one page, drawn without react-pdf's pagination. Paginating lays every page
 * out a second time at its fixed height (layout's splitPage relayouts even a page that fits), about
 * an eighth of a payslip's drawing time. A page drawn with `wrap={false}` skips that step; its
 * `minHeight` of a whole page keeps what is placed from the bottom (the footer) where pagination
 * puts it. Whether the content fitted is read from the layout react-pdf hands to the Document's
 * `onRender` (`_INTERNAL__LAYOUT__DATA_`, not a typed API): it fits when no element that flows
 * reaches past the page's bottom padding (react-pdf's own test for moving an element to the next
 * page, margins included). Missing layout data counts as not fitting: the caller draws again with
 * pagination, which is always right. tests/unit/payslip-pdf.test.ts holds both ways to the same bytes.
 */

/** pdfkit's A4 in points; a page of the one-page variant is laid out at least this high. */
export const A4_HEIGHT = 841.89;

type LaidOutNode = {
  box?: { top?: number; height?: number; marginBottom?: number; paddingBottom?: number };
  style?: { height?: number };
  props?: { fixed?: boolean };
  children?: LaidOutNode[];
};

/** Yoga computes in 32-bit floats: an A4 page laid out at 841.89 pt reads back as 841.8900146. */
const LAYOUT_ROUNDING = 0.01;

/** Document's onRender argument, as react-pdf's toBuffer passes it. */
type RenderedLayout = { _INTERNAL__LAYOUT__DATA_?: { children?: LaidOutNode[] } };

/** True when the one page laid out without pagination holds everything (see above); `rendered` is what onRender was given. */
export function fitsOnOnePage(rendered: object | undefined): boolean {
  const pages = (rendered as RenderedLayout | undefined)?._INTERNAL__LAYOUT__DATA_?.children;
  if (!pages || pages.length !== 1) return false;
  const [page] = pages as [LaidOutNode];
  const pageHeight = page.style?.height;
  if (typeof pageHeight !== "number" || !page.box || !page.children) return false;
  if ((page.box.height ?? Infinity) > pageHeight + LAYOUT_ROUNDING) return false;
  const bottom = pageHeight - (page.box.paddingBottom ?? 0);
  return page.children.every((child) => {
    if (child.props?.fixed === true) return true;
    const box = child.box;
    if (!box || box.top === undefined || box.height === undefined) return false;
    return box.top < bottom && box.top + box.height + (box.marginBottom ?? 0) <= bottom;
  });
}
