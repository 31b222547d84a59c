import { useEffect, useState } from 'react';

interface ScrollEdges {
  /** Content is hidden to the left (the container is scrolled sideways). */
  left: boolean;
  /** Content is hidden to the right. */
  right: boolean;
}

const NONE: ScrollEdges = { left: false, right: false };

/** Sub-pixel widths can leave a fraction of a pixel to scroll: that is not hidden content. */
const SLACK_PX = 1;

/**
 * Whether a sideways scroll container hides content to either side, measured on scroll and whenever the
 * container or its content (the table, as rows and columns change) is resized.
 */
export function useScrollEdges<T extends HTMLElement>() {
  // The container as state: it may mount after the hook (once the table's first page is in).
  const [scroller, ref] = useState<T | null>(null);
  const [edges, setEdges] = useState(NONE);

  useEffect(() => {
    if (!scroller) return;
    const measure = () => {
      const left = scroller.scrollLeft > SLACK_PX;
      const right = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - SLACK_PX;
      setEdges((previous) =>
        previous.left === left && previous.right === right ? previous : { left, right },
      );
    };
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    const resizes = new ResizeObserver(measure);
    resizes.observe(scroller);
    for (const child of scroller.children) resizes.observe(child);
    return () => {
      scroller.removeEventListener('scroll', measure);
      resizes.disconnect();
    };
  }, [scroller]);

  return { ref, ...edges };
}
