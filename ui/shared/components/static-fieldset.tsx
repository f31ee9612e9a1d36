import { createSlotRecipeContext, type HTMLChakraProps } from '@chakra-ui/react';

/**
 * A fieldset with Chakra's fieldset look, as plain elements: Chakra's own
 * (Ark UI's) looks after the page is shown for its helper and error texts
 * (a layout effect and a mutation observer), and finding them re-renders the
 * whole group at once, one long task while a phone hydrates the diagnosis.
 * Here the form says which texts describe the group (`aria-describedby`) and
 * shows its error text only when the group is invalid.
 */
const { withProvider, withContext } = createSlotRecipeContext({ key: 'fieldset' });

/** `invalid` marks it (data-invalid, for the recipe's styles). */
export const StaticFieldsetRoot = withProvider<HTMLFieldSetElement, HTMLChakraProps<'fieldset'>>('fieldset', 'root');
export const StaticFieldsetLegend = withContext<HTMLLegendElement, HTMLChakraProps<'legend'>>('legend', 'legend');
export const StaticFieldsetHelperText = withContext<HTMLSpanElement, HTMLChakraProps<'span'>>('span', 'helperText');
export const StaticFieldsetErrorText = withContext<HTMLSpanElement, HTMLChakraProps<'span'>>('span', 'errorText');
export const StaticFieldsetContent = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'content');
