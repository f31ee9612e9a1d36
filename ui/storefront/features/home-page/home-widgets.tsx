import { Box, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setMetaDescription } from '../../app/page-descriptions';
import type { StorefrontHomePage } from '../../lib/home-page';
import { ProductCard } from '../catalog/components/product-card';
import { SearchForm } from '../catalog/components/search-form';

type Widget = StorefrontHomePage['widgets'][number];

/** The retailer's HTML as it was sanitised on the server when saved: no script, handler nor javascript: link reaches here. */
function HtmlWidget({ html }: { html: string }) {
  return (
    <Box
      data-testid="home-html-widget"
      css={{ '& h1, & h2': { fontSize: 'xl', fontWeight: 'bold', mb: 2 }, '& h3': { fontSize: 'lg', fontWeight: 'semibold' }, '& p': { mb: 2 }, '& a': { color: 'brand.fg', textDecoration: 'underline' }, '& img': { maxW: '100%', height: 'auto' }, '& ul, & ol': { ps: 5 } }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function ProductsWidget({ products }: { products: Extract<Widget, { type: 'products' }>['products'] }) {
  const { t } = useTranslation('catalog');
  const id = useId();
  return (
    <Stack as="section" aria-labelledby={id} gap={3}>
      <Heading as="h2" id={id} size="lg">
        {t('home.highlighted')}
      </Heading>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={4} aria-label={t('home.highlighted')}>
        {products.map((product) => (
          <ProductCard key={product.id} product={product} headingLevel="h3" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** A banner whose size is not known (an address elsewhere): drawn in a 4:1 box all the same, so nothing moves when it arrives. */
const DEFAULT_BANNER = { width: 1200, height: 300 } as const;

type SearchWidgetProps = Omit<Extract<Widget, { type: 'search' }>, 'type'>;

/**
 * The search with its banner above it: the image drawn with its width and
 * height (the uploaded file's, read from its bytes on the server), so the
 * browser reserves its place before it arrives, and loaded lazily (decorative:
 * the title names the section).
 */
function SearchWidget({ title, bannerImageUrl, bannerWidth, bannerHeight }: SearchWidgetProps) {
  const id = useId();
  const width = bannerWidth ?? DEFAULT_BANNER.width;
  const height = bannerHeight ?? DEFAULT_BANNER.height;
  return (
    <Box as="section" aria-labelledby={id} bg="bg.subtle" borderRadius="lg" overflow="hidden">
      {bannerImageUrl && (
        // The img itself (asChild): its width and height stay HTML attributes, which reserve its place.
        <Box asChild display="block" w="full" h="auto" maxH="320px" objectFit="cover">
          <img src={bannerImageUrl} alt="" width={width} height={height} loading="lazy" decoding="async" data-testid="home-search-banner" />
        </Box>
      )}
      <Stack gap={3} p={{ base: 4, md: 8 }}>
        <Heading as="h2" id={id} size="lg">
          {title}
        </Heading>
        <SearchForm />
      </Stack>
    </Box>
  );
}

/** The retailer's home page: its widgets in their order; its meta title and description name the page. */
export function HomeWidgets({ home }: { home: StorefrontHomePage }) {
  useEffect(() => {
    // After the header's own (children's effects run first): the retailer's texts win.
    if (home.metaTitle) document.title = home.metaTitle;
    if (home.metaDescription) setMetaDescription(home.metaDescription);
  }, [home.metaTitle, home.metaDescription]);
  return (
    <>
      {home.widgets.map((widget, index) => {
        const key = `${index}-${widget.type}`;
        switch (widget.type) {
          case 'html':
            return <HtmlWidget key={key} html={widget.html} />;
          case 'products':
            return <ProductsWidget key={key} products={widget.products} />;
          case 'search':
            return <SearchWidget key={key} title={widget.title} bannerImageUrl={widget.bannerImageUrl} bannerWidth={widget.bannerWidth} bannerHeight={widget.bannerHeight} />;
        }
      })}
    </>
  );
}
