"""The marketplace sellers' help centre, behind the ``seller-help`` bot.

*Payouts* explains the weekly schedule but not whether faster payouts exist, which is what
sellers keep asking in the busy season.
"""

from __future__ import annotations

FEES = """
    Selling on the Brightcart Marketplace has no listing fees. You pay a commission when
    an item sells and, on the Pro plan, a monthly subscription.

    ## Commission by category

    | Category | Commission |
    |---|---|
    | Computers, phones and TVs | 8% |
    | Home and kitchen appliances | 12% |
    | Accessories, cables and cases | 15% |
    | Furniture and lighting | 13% |

    Commission is charged on the total the buyer pays, including shipping, and is
    deducted from your payout.

    ## Plans

    The Basic plan is free and allows up to 50 active listings. The Pro plan costs €39 a
    month (or $45 in the US) and allows unlimited listings, bulk uploads and sales
    reports.

    ## Refunds and commission

    When you refund a buyer in full, we refund the commission too, minus a €1 handling fee
    per order.

    ## Other charges

    There are no setup fees and no fees for unsold listings. Optional services, such as
    discounted shipping labels and sponsored listings, are charged separately and deducted
    from your payout. Commission rates are reviewed once a year, with 30 days' notice of
    any change.
"""

PAYOUTS = """
    We pay out your marketplace sales every week.

    ## Payout schedule

    Payouts are made every Monday for orders that were delivered at least 7 days earlier.
    The 7 days give buyers time to report a problem before the money is released.

    ## Minimum payout

    The minimum payout is €25 (or $25 in the US). A lower balance is carried over to the
    next Monday.

    ## Bank account

    Payouts go to the bank account in *Seller Hub* under *Finance*. A new bank account has
    to be verified with a bank statement, which takes 2-3 business days, and the first
    payout to it may be held until then.

    ## Payout reports

    Each payout comes with a report listing the orders, commission and refunds it covers.
    Download it as CSV under *Finance* and then *Payouts*.

    ## Payouts on hold

    We may hold a payout while a buyer dispute is open or while we review unusual activity
    on your account. We email you the reason and release the money as soon as the review
    is done.
"""

LISTINGS = """
    List your products in *Seller Hub* one by one or in bulk.

    ## Creating a listing

    Select *Add product* and search for the product by EAN. If it's already in our
    catalogue, you only add your price, stock and condition. New products need a title,
    description, brand, EAN and at least 3 photos.

    ## Photo requirements

    Photos must be at least 1000 x 1000 pixels on a white background, without logos,
    watermarks or text. You can add up to 12 photos.

    ## Review times

    New products are reviewed within 24 hours. Offers on existing catalogue products go
    live straight away.

    ## Bulk uploads

    Pro sellers can upload up to 5,000 offers at a time with our CSV template under
    *Inventory* and then *Bulk upload*.

    ## Editing a listing

    Change price and stock at any time in *Inventory*; changes go live within 15 minutes.
    Changes to a product's title, photos or description are reviewed again, which takes up
    to 24 hours. Listings without stock for 90 days are archived automatically.
"""

SELLER_SHIPPING = """
    Buyers expect marketplace orders to arrive as quickly as ours. These rules keep it that
    way.

    ## Dispatch time

    Orders must be dispatched within 2 business days, unless your listing shows a longer
    handling time. Enter the tracking number in *Seller Hub* when you ship.

    ## Tracked shipping

    Every order must be sent with a tracked service. Orders over €200 (or $200) must be
    sent with a signature on delivery.

    ## Performance targets

    Keep your late dispatch rate below 4% and your cancellation rate below 2.5%, measured
    over 30 days. Sellers who miss a target for 2 months in a row may have their listings
    paused.

    ## Shipping labels

    You can buy discounted DHL and UPS labels in *Seller Hub*; the cost is deducted from
    your next payout.

    ## Delivery promises

    The delivery date shown to buyers is based on your handling time and the carrier you
    choose. If an order arrives after the latest promised date, the buyer can cancel it for
    a full refund.
"""

SELLER_RETURNS = """
    Buyers on the Brightcart Marketplace can return items bought from you, as required by
    consumer law.

    ## Return window

    Buyers can return an item within 30 days of delivery. You can offer a longer window in
    your seller settings, but not a shorter one.

    ## Return address and labels

    Add a return address in *Seller Hub*. Buyers print a return label from their order;
    the cost is deducted from your payout unless you offer free returns.

    ## Refunding the buyer

    Refund the buyer within 14 days of receiving the return. If you don't, we refund the
    buyer ourselves and deduct the amount from your next payout.

    ## Damaged returns

    If a return comes back damaged or used, open a case in *Seller Hub* within 7 days of
    receiving it, with photos. Our team decides within 5 business days.

    ## Faulty items

    If a buyer reports a fault, you pay for the return shipping, whatever your return
    settings say. Offer a repair, a replacement or a refund within 14 days of the report.
"""

VERIFICATION = """
    Before you can sell, we verify your identity and your business.

    ## What you need

    - A photo ID of the company's legal representative
    - Your chamber of commerce or company registration number
    - A bank statement showing the company name and account number
    - A VAT number, if your business is registered for VAT

    ## How long it takes

    Verification takes 2-3 business days. We email you if we need anything else.

    ## Why verification can fail

    The most common reasons are a blurry ID, a bank statement older than 3 months, or a
    company name that doesn't match the registration. You can upload new documents
    straight away.

    ## After verification

    Once you're verified, you can publish listings straight away. We may ask you to verify
    again if your company details or bank account change, and every 2 years as the law
    requires.

    ## Selling as an individual

    The marketplace is for registered businesses only. To sell a few personal devices, use
    our trade-in service instead.
"""

ARTICLES: tuple[tuple[str, str, str], ...] = (
    ("sel-fees", "Selling fees", FEES),
    ("sel-payouts", "Payouts", PAYOUTS),
    ("sel-listings", "Creating and editing listings", LISTINGS),
    ("sel-shipping", "Shipping rules for sellers", SELLER_SHIPPING),
    ("sel-returns", "Handling buyer returns", SELLER_RETURNS),
    ("sel-verification", "Verifying your seller account", VERIFICATION),
)

# The marketplace team's own "Returns policy": the same id as the help centre's
# (``kb-returns``), another article in another knowledge base.
MARKETPLACE_RETURNS = """
    ## Returns on marketplace orders

    This is the returns policy for orders that a marketplace seller ships. Buyers can
    return a marketplace item within 14 days of delivery, in its original packaging.
    The seller, not Brightcart, decides whether the item is refunded or replaced, and
    answers the return request within two business days.

    ## Who pays for the return

    When the item is faulty or not as described, the seller pays for the return label.
    When the buyer changed their mind, the buyer pays, unless the seller's listing
    offers free returns. The label is created from the order page in the seller
    centre.

    ## Refunds

    The seller issues the refund within five business days of receiving the item. A
    seller who does not answer a return request within two business days is reminded
    once; after four business days Brightcart refunds the buyer and deducts the amount
    from the seller's next payout.

    ## What cannot be returned

    Opened software, gift cards and personalised items cannot be returned unless they
    are faulty. Sellers must state any other exceptions in the listing itself.
"""

SHARED_ID_ARTICLES: tuple[tuple[str, str, str], ...] = (
    ("kb-returns", "Returns policy for marketplace orders", MARKETPLACE_RETURNS),
)
