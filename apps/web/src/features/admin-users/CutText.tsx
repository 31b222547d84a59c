import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

/**
 * A table cell's value on one line, cut with an ellipsis past `maxWidth`. Where it is cut, the whole value
 * shows in a tooltip on hover and on keyboard focus: a cut text value is focusable itself (a link inside
 * already is). Whether it is cut is measured on mount, on resize and on hover.
 */
export function CutText({
  children,
  maxWidth,
  interactive = false,
}: {
  children: ReactNode;
  maxWidth: string | Record<string, string>;
  /** The value holds its own focusable element (a link): no extra tab stop. */
  interactive?: boolean;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState('');
  const measure = useCallback(() => {
    const text = ref.current;
    if (text) setCut(text.scrollWidth > text.clientWidth ? (text.textContent ?? '') : '');
  }, []);
  useEffect(() => {
    measure();
    const text = ref.current;
    if (!text || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(text);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <Tooltip title={cut} describeChild>
      <Box
        component="span"
        ref={ref}
        onMouseEnter={measure}
        tabIndex={cut && !interactive ? 0 : undefined}
        data-cut={cut ? 'true' : undefined}
        sx={{
          display: 'block',
          maxWidth,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
        }}
      >
        {children}
      </Box>
    </Tooltip>
  );
}
